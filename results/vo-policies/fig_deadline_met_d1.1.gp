# fig_deadline_met_d1.1: Users that met a deadline of 1.1 x the ideal makespan (surcharge 20%)
# botsim wrote this script and fig_deadline_met_d1.1.dat; to re-draw fig_deadline_met_d1.1.svg and fig_deadline_met_d1.1.png after an edit,
# run `gnuplot fig_deadline_met_d1.1.gp` in this directory.
set encoding utf8
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig_deadline_met_d1.1.svg'
set title 'Users that met a deadline of 1.1 x the ideal makespan (surcharge 20%)'
set xlabel ''
set ylabel 'users that met the deadline (%)'
set key outside right top vertical Left reverse
set yrange [0:105]
set xrange [-0.6:5.6]
set xtics ('2 domains, equal speeds' 0, '2 domains, spread speeds' 1, '4 domains, equal speeds' 2, '4 domains, spread speeds' 3, '8 domains, equal speeds' 4, '8 domains, spread speeds' 5) rotate by 35 right
set boxwidth 0.4 absolute
set style fill transparent solid 0.45 border
set grid ytics
plot 'fig_deadline_met_d1.1.dat' index 0 using 1:2 with boxes lc rgb '#1f77b4' title 'global policy', \
     'fig_deadline_met_d1.1.dat' index 0 using ($1-0.2):($2 == 0 ? 0 : NaN):(0.4):(0) with vectors nohead lc rgb '#1f77b4' lw 6 notitle, \
     'fig_deadline_met_d1.1.dat' index 0 using 1:($2 == 0 ? 0 : NaN):('0') with labels offset 0,0.8 font ',10' tc rgb '#1f77b4' notitle, \
     'fig_deadline_met_d1.1.dat' index 1 using 1:2 with boxes lc rgb '#ff7f0e' title 'local policy'
set terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'
set output 'fig_deadline_met_d1.1.png'
replot
set output
