# fig_cost_ratio_d1.1: Cost of local against global users, deadline 1.1 x the ideal makespan
# botsim wrote this script and fig_cost_ratio_d1.1.dat; to re-draw fig_cost_ratio_d1.1.svg and fig_cost_ratio_d1.1.png after an edit,
# run `gnuplot fig_cost_ratio_d1.1.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig_cost_ratio_d1.1.svg'
set title 'Cost of local against global users, deadline 1.1 x the ideal makespan'
set xlabel 'surcharge on other domains'' users (%)'
set ylabel 'local / global cost per user'
set key outside right top vertical Left reverse
set yrange [0:1.75554032]
set grid
plot 'fig_cost_ratio_d1.1.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 pt 6 ps 0.8 title '2 domains, equal speeds', \
     'fig_cost_ratio_d1.1.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 2.2 pt 4 ps 0.8 title '2 domains, spread speeds', \
     'fig_cost_ratio_d1.1.dat' index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1.9 pt 8 ps 0.8 title '4 domains, equal speeds', \
     'fig_cost_ratio_d1.1.dat' index 3 using 1:2 with linespoints lc rgb '#d62728' dt 4 lw 1.6 pt 12 ps 0.8 title '4 domains, spread speeds', \
     'fig_cost_ratio_d1.1.dat' index 4 using 1:2 with linespoints lc rgb '#9467bd' dt 5 lw 1.3 pt 1 ps 0.8 title '8 domains, equal speeds', \
     'fig_cost_ratio_d1.1.dat' index 5 using 1:2 with linespoints lc rgb '#8c564b' dt 1 lw 1 pt 2 ps 0.8 title '8 domains, spread speeds', \
     1 with lines lc rgb 'black' dt 2 lw 1.5 title 'same cost'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig_cost_ratio_d1.1.png'
replot
set output
