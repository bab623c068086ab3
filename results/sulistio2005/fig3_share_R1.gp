# fig3_share_R1: Fig. 3: share of R1 of domain A per user
# botsim wrote this script and fig3_share_R1.dat; to re-draw fig3_share_R1.svg and fig3_share_R1.png after an edit,
# run `gnuplot fig3_share_R1.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig3_share_R1.svg'
set title 'Fig. 3: share of R1 of domain A per user'
set xlabel 'time (simulation minutes)'
set ylabel 'share granted by the auction (%)'
set key outside right top vertical Left reverse
set yrange [0:105]
set grid
plot 'fig3_share_R1.dat' index 0 using 1:2 with steps lc rgb '#1f77b4' dt 1 lw 2.5 title 'U0', \
     'fig3_share_R1.dat' index 1 using 1:2 with steps lc rgb '#ff7f0e' dt 2 lw 2.3125 title 'U1', \
     'fig3_share_R1.dat' index 2 using 1:2 with steps lc rgb '#2ca02c' dt 3 lw 2.125 title 'U2', \
     'fig3_share_R1.dat' index 3 using 1:2 with steps lc rgb '#9467bd' dt 5 lw 1.9375 title 'U4', \
     'fig3_share_R1.dat' index 4 using 1:2 with steps lc rgb '#8c564b' dt 1 lw 1.75 title 'U5', \
     'fig3_share_R1.dat' index 5 using 1:2 with steps lc rgb '#e377c2' dt 2 lw 1.5625 title 'U6', \
     'fig3_share_R1.dat' index 6 using 1:2 with steps lc rgb '#7f7f7f' dt 3 lw 1.375 title 'U7', \
     'fig3_share_R1.dat' index 7 using 1:2 with steps lc rgb '#bcbd22' dt 4 lw 1.1875 title 'U8', \
     'fig3_share_R1.dat' index 8 using 1:2 with steps lc rgb '#17becf' dt 5 lw 1 title 'U9'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig3_share_R1.png'
replot
set output
