# fig12_cost: Fig. 12: average cost, generalized vs i-elastic (Section 5.3; mean ± sd over the heuristics' means)
# botsim wrote this script and fig12_cost.dat; to re-draw fig12_cost.svg and fig12_cost.png after an edit,
# run `gnuplot fig12_cost.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig12_cost.svg'
set title 'Fig. 12: average cost, generalized vs i-elastic (Section 5.3; mean ± sd over the heuristics'' means)'
set xlabel 'BoT distribution'
set ylabel 'average cost (US$)'
set key outside right top vertical Left reverse
set yrange [0:22.91955176]
set xrange [-0.6:3.6]
set xtics ('right-half-normal' 0, 'uniform' 1, 'normal' 2, 'left-half-normal' 3) rotate by 35 right
set boxwidth 0.4 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig12_cost.dat' index 0 using 1:2 with boxes lc rgb '#ff7f0e' title 'generalized, n = 14 heuristics', \
     'fig12_cost.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#ff7f0e' dt 1 lw 1.2 pt 7 ps 0 notitle, \
     'fig12_cost.dat' index 1 using 1:2 with boxes lc rgb '#2ca02c' title 'i-elastic, n = 14 heuristics', \
     'fig12_cost.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb '#2ca02c' dt 1 lw 1.2 pt 7 ps 0 notitle
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig12_cost.png'
replot
set output
